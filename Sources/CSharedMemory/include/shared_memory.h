#ifndef TELEGRAM_SHARED_MEMORY_H
#define TELEGRAM_SHARED_MEMORY_H
// Placeholder; the broadcast work fills this in.
#endif
