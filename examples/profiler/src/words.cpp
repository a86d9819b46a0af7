#include "words.hpp"

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != ' ') {
      word += text[i];
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

std::map<std::string, int> count_words(const std::vector<std::string>& words) {
  std::map<std::string, int> counts;
  for (std::size_t i = 0; i < words.size(); ++i) ++counts[words[i]];
  return counts;
}
