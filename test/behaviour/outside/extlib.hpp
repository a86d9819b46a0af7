// A library outside --root: its functions have no twins and run as primitives.
#pragma once

int ext_scale(int x);
