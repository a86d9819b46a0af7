// The fault-injection example's program, an ordinary one: it writes two
// journals, reads them back and says how busy the week was. It handles its
// errors: a journal that cannot be written or read is reported, and an error
// while adding up (no entries at all) is caught in main.
#include <cstdio>
#include <stdexcept>

enum class Mood { calm, busy, swamped };

bool write_journal(const char* path, const char* text) {
  std::FILE* f = std::fopen(path, "w");
  if (!f) {
    std::printf("cannot write %s\n", path);
    return false;
  }
  std::fputs(text, f);
  std::fclose(f);
  return true;
}

int count_entries(const char* path) {
  std::FILE* f = std::fopen(path, "r");
  if (!f) {
    std::printf("cannot read %s\n", path);
    return 0;
  }
  int lines = 0;
  for (int c; (c = std::fgetc(f)) != EOF;) lines += c == '\n';
  std::fclose(f);
  return lines;
}

Mood mood(int entries) { return entries < 3 ? Mood::calm : entries < 7 ? Mood::busy : Mood::swamped; }

const char* mood_name(Mood m) {
  switch (m) {
    case Mood::calm: return "calm";
    case Mood::busy: return "busy";
    case Mood::swamped: return "swamped";
  }
  return "?";
}

int total(const char* first, const char* second) {
  int n = count_entries(first);
  n += count_entries(second);
  if (n == 0) throw std::runtime_error("no entries at all");
  return n;
}

int main() {
  write_journal("monday.txt", "tea\nwork\n");
  write_journal("tuesday.txt", "tea\nwork\nmeeting\nwork\n");
  try {
    int n = total("monday.txt", "tuesday.txt");
    std::printf("%d entries: %s\n", n, mood_name(mood(n)));
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
  return 0;
}
