// libchafa (Debian's libchafa-dev), which turns pixels into terminal cells: main's chat list uses
// it for its avatars (TerminalImages). Only `main` links it; the extensions never do.
#ifndef TG_CCHAFA_SHIM_H
#define TG_CCHAFA_SHIM_H

#include <chafa.h>

#endif
