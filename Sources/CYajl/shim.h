// yajl's push parser (Debian libyajl-dev). Only TelegramExport uses it, linking libyajl_s.a, so
// only `main` carries it.
#include <yajl/yajl_parse.h>
