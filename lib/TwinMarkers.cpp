#include "TwinMarkers.h"

namespace cassette::rewrite {

namespace {
// \x01 KEY \x02 IF-DEFINED \x03 OTHERWISE \x04 ; the control characters
// cannot occur in C++ source text that compiled.
constexpr char Open = MarkerOpen, Then = '\x02', Else = '\x03', Close = '\x04';

// Resolves Text[Pos..) up to (not including) a Stop character at this level.
std::string resolve(const std::string& Text, size_t& Pos, char Stop,
                    const std::function<bool(const std::string&)>& Defined,
                    const std::function<void(const std::string&)>& Missing) {
  std::string Out;
  while (Pos < Text.size() && Text[Pos] != Stop) {
    if (Text[Pos] != Open) {
      Out += Text[Pos++];
      continue;
    }
    size_t KeyEnd = Text.find(Then, ++Pos);
    std::string Key = Text.substr(Pos, KeyEnd - Pos);
    Pos = KeyEnd + 1;
    // Only the alternative taken reports the markers inside it as missing.
    bool Take = Defined(Key);
    auto Quiet = [](const std::string&) {};
    std::string Yes = Take ? resolve(Text, Pos, Else, Defined, Missing) : resolve(Text, Pos, Else, Defined, Quiet);
    ++Pos;
    std::string No = Take ? resolve(Text, Pos, Close, Defined, Quiet) : resolve(Text, Pos, Close, Defined, Missing);
    ++Pos;
    if (!Take) Missing(Key);
    Out += Take ? Yes : No;
  }
  return Out;
}
}  // namespace

constexpr char NameSeparator = '\x05';

std::string markerKey(const std::string& DefinitionKey, const std::string& Name) {
  return DefinitionKey + NameSeparator + Name;
}
std::string markerDefinitionKey(const std::string& Key) { return Key.substr(0, Key.find(NameSeparator)); }
std::string markerName(const std::string& Key) {
  size_t At = Key.find(NameSeparator);
  return At == std::string::npos ? Key : Key.substr(At + 1);
}

std::string twinIfDefined(const std::string& Key, const std::string& IfDefined, const std::string& Otherwise) {
  return std::string(1, Open) + Key + Then + IfDefined + Else + Otherwise + Close;
}

std::string resolveTwinMarkers(const std::string& Text, const std::function<bool(const std::string&)>& Defined,
                               const std::function<void(const std::string&)>& Missing) {
  if (Text.find(Open) == std::string::npos) return Text;
  size_t Pos = 0;
  return resolve(Text, Pos, '\0', Defined, Missing);
}

}  // namespace cassette::rewrite
