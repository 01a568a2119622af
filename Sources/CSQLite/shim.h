#ifndef NAVSTATE_CSQLITE_SHIM_H
#define NAVSTATE_CSQLITE_SHIM_H
#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: keeps the write-ahead log as it is
/// when the connection closes, so that a file this library refuses is left byte for byte.
static inline int navstate_keep_wal_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
/// `sqlite3_db_config` again: `PRAGMA foreign_keys = ON` without compiling a statement.
static inline int navstate_enable_foreign_keys(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, (int *)0);
}
#endif
