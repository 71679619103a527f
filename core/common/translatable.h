#pragma once
// Marks a user-facing string of core for translation without translating it. Core links no Qt,
// so the text stays English here; the GUI translates it at display time with
// QCoreApplication::translate(context, text). lupdate reads this macro as QT_TRANSLATE_NOOP
// (ui/CMakeLists.txt passes -tr-function-alias QT_TRANSLATE_NOOP+=SHARDSCOPE_TR_NOOP), so every
// string marked here lands in resources/i18n/*.ts, and tests/ui/tst_translations.cpp fails when
// one of them has no Simplified Chinese translation.
//
// Contexts: "Diagnostic" for message templates (core/common/messages.h), "UiText" for names of
// values and fields (enum tables, the field table, report words).
#define SHARDSCOPE_TR_NOOP(context, text) text
