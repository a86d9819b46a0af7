// The tinyxml2 fault-injection example: loads a configuration, a catalogue
// and optional notes with tinyxml2, prints a line about them and saves a
// summary. Its error handling is uneven on purpose, so that the sweep
// (scripts/fault-sweep.py, run by ../tinyxml2_sweep.py) meets each outcome:
//  - the configuration is checked: an error is reported, exit 1;
//  - the catalogue lives in a document made with new, and on an error the
//    program returns without deleting it: a leak;
//  - the notes are optional, but their root element is used unchecked: a
//    null pointer when they could not be loaded;
//  - the summary is saved without looking at what SaveFile returned.
#include <cstdio>

#include "tinyxml2.h"

using tinyxml2::XMLDocument;
using tinyxml2::XMLElement;

static int count(const XMLElement* parent, const char* name) {
  int n = 0;
  for (const XMLElement* e = parent->FirstChildElement(name); e; e = e->NextSiblingElement(name)) ++n;
  return n;
}

int main() {
  XMLDocument config;
  if (config.LoadFile("config.xml") != tinyxml2::XML_SUCCESS) {
    std::fprintf(stderr, "config.xml: %s\n", config.ErrorName());
    return 1;
  }
  XMLDocument* catalog = new XMLDocument;
  if (catalog->LoadFile("catalog.xml") != tinyxml2::XML_SUCCESS) {
    std::fprintf(stderr, "catalog.xml: %s\n", catalog->ErrorName());
    return 2;  // the catalogue is not deleted
  }
  XMLDocument notes;
  notes.LoadFile("notes.xml");                                   // optional...
  const char* author = notes.RootElement()->Attribute("author");  // ...but used unchecked
  int books = count(catalog->RootElement(), "book");
  std::printf("%s: %d books, notes by %s\n", config.RootElement()->Attribute("name"), books, author);

  XMLDocument summary;
  XMLElement* root = summary.NewElement("summary");
  root->SetAttribute("books", books);
  summary.InsertEndChild(root);
  summary.SaveFile("summary.xml");  // what it returns is not looked at
  delete catalog;
  return 0;
}
