// A call whose twin is defined in another file reaches it only if some unit
// of the run defines it under --root. The unit that writes the call cannot
// know, so it writes both alternatives in a marker that the run resolves
// once every unit has been read. Markers nest (arguments are calls too).
#pragma once

#include <functional>
#include <string>

namespace cassette::rewrite {

/// The character that opens a marker in rewritten text.
inline constexpr char MarkerOpen = '\x01';

/// The key of a marker: the callee's definition key (USR) and, for messages, its name.
std::string markerKey(const std::string& DefinitionKey, const std::string& Name);
std::string markerDefinitionKey(const std::string& Key);
std::string markerName(const std::string& Key);

/// `IfDefined` when the function with Key has a twin definition, else `Otherwise`.
std::string twinIfDefined(const std::string& Key, const std::string& IfDefined, const std::string& Otherwise);

/// Replaces every marker in Text; Defined tells whether a key is defined.
/// Missing is called once per marker resolved to its `Otherwise` text.
std::string resolveTwinMarkers(const std::string& Text, const std::function<bool(const std::string&)>& Defined,
                               const std::function<void(const std::string&)>& Missing);

}  // namespace cassette::rewrite
