#pragma once
#include <QString>

#include <string>

namespace shardscope::ui {

// A validation case's words (a source's title, a case's description, note or outlier reason)
// in the current language. The cases are data shared with the CLI (tests/reference/cases, in
// English); their Chinese lives beside the catalogue in resources/i18n/validation_zh_CN.json,
// keyed by the English text, so a case edited without its translation shows in English (and
// tst_translations fails). Citations and versions are quoted as published, never translated.
QString caseText(const std::string& english);

} // namespace shardscope::ui
