#pragma once

#include <map>
#include <string>
#include <vector>

// The words of `text`, separated by spaces.
std::vector<std::string> split(const std::string& text);
// How many times each word occurs.
std::map<std::string, int> count_words(const std::vector<std::string>& words);
