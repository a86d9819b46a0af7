#include "table.h"

Table::Table(int size) : size_(size * 2) {}
