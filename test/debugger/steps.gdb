set pagination off
set width 0
set print frame-arguments none
break shapes.cpp:13
run
bt 2
step
bt 3
step
step
bt 2
print a
continue
