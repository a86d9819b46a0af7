#pragma once
#include <string>
struct Shape { virtual ~Shape() = default; virtual double area() const = 0; virtual std::string name() const = 0; };
struct Square : Shape { double s; explicit Square(double s) : s(s) {} double area() const override; double perimeter() const; std::string name() const override { return "square"; } };
double total(const Shape* const* shapes, int n);
