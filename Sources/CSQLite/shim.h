#ifndef NAVSTATE_CSQLITE_SHIM_H
#define NAVSTATE_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
