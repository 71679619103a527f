#pragma once
#include <QString>
#include <optional>

namespace shardscope::ui {

enum class Language { English, Chinese };

QString languageCode(Language language);             // "en", "zh_CN"
std::optional<Language> parseLanguage(const QString& code);

// Installs the translations of `language` (ShardScope's, embedded at :/i18n, and Qt's own
// where the system has them); English removes them. Widgets retranslate on LanguageChange.
void installLanguage(Language language);

} // namespace shardscope::ui
