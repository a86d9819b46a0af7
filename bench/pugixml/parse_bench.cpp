// A real program for the benchmarks: parses an XML file with pugixml REPS
// times, walking each document (elements, attributes, text), and prints
// "SECONDS NODES" for the parse-and-walk loop. Rewritten with pugixml in
// whole-program mode, so that everything main does runs under the context.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "pugixml.hpp"

static long walk(const pugi::xml_node& node) {
  long n = 1;
  for (pugi::xml_attribute a = node.first_attribute(); a; a = a.next_attribute()) n += 1 + (a.value()[0] != 0);
  for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling()) n += walk(c);
  return n;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s FILE.xml REPS\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) {
    std::fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
    return 1;
  }
  int reps = std::atoi(argv[2]);
  long nodes = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) {
    pugi::xml_document doc;
    pugi::xml_parse_result result = doc.load_buffer(text.data(), text.size());
    if (!result) {
      std::fprintf(stderr, "%s: %s at offset %ld\n", argv[1], result.description(), static_cast<long>(result.offset));
      return 1;
    }
    nodes += walk(doc);
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.6f %ld\n", s, nodes);
  return 0;
}
