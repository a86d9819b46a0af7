#pragma once
int area(int w, int h);
