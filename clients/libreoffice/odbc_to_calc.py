#!/usr/bin/python3
"""gpuadv in LibreOffice: an ODBC data source queried into a Calc sheet.

    ODBCINI=$PWD/build/clients/odbc.ini /usr/bin/python3 \\
      clients/libreoffice/odbc_to_calc.py --dsn gpuadv \\
      --sql "SELECT workload, offer, n_gpus, total_usd FROM best_plans" \\
      --odb build/clients/gpuadv.odb --out build/clients/best_plans.ods

What it does, through Python-UNO (python3-uno) and a headless soffice it
starts with a throw-away profile (nothing is registered for the user):

1. writes a LibreOffice Base file (--odb) whose connection is the ODBC data
   source --dsn (`sdbc:odbc:DSN`): the SQLite3 ODBC driver (libsqliteodbc)
   opening a database with `LoadExt=/path/to/gpuadv` in the DSN, so the
   gpuadv functions, catalogs and the views of sql/gpuadv.sql all work. The
   file holds the query --sql under --query-name, set to run natively
   (Base's "Run SQL command directly"), so the SQL reaches SQLite untouched;
2. opens a new Calc document and imports that query into its first sheet
   with Calc's own database import (what Data > Data Sources does);
3. saves the sheet as --out (.ods) and, with --csv, as CSV too.

The Base file can be opened in LibreOffice later (it needs the same DSN in
the user's ~/.odbc.ini or in ODBCINI). unixODBC reads the DSN from the file
named by ODBCINI, so set it before running this script; soffice inherits it.
Exit status 0 and one line "N rows -> FILE" on success.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import uno  # python3-uno; must be the interpreter LibreOffice was built for
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def url(path):
    return uno.systemPathToFileUrl(os.path.abspath(path))


def start_office(soffice, profile_dir, pipe):
    cmd = [soffice, "--headless", "--invisible", "--norestore", "--nologo",
           "--nodefault", "--nolockcheck",
           "-env:UserInstallation=" + url(profile_dir),
           "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def connect(pipe, proc, timeout):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + timeout
    while True:
        try:
            return resolver.resolve(
                "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except NoConnectException:
            if proc.poll() is not None:
                raise RuntimeError("soffice exited with status %d before "
                                   "accepting a connection" % proc.returncode)
            if time.time() > deadline:
                raise RuntimeError("soffice did not accept a connection in "
                                   "%d s" % timeout)
            time.sleep(0.25)


def make_base(ctx, dsn, odb_path, query_name, sql):
    """A Base document on sdbc:odbc:DSN holding the query `query_name`,
    stored at odb_path and registered (in the throw-away profile) as
    'gpuadv'. The query runs natively (EscapeProcessing off, Base's "Run SQL
    command directly"): LibreOffice's own SQL parser rejects much of SQLite's
    SQL (a column named rank, SELECT without FROM, printf()), so the text
    goes to SQLite untouched."""
    smgr = ctx.ServiceManager
    dbctx = smgr.createInstanceWithContext("com.sun.star.sdb.DatabaseContext",
                                           ctx)
    ds = dbctx.createInstance()
    ds.URL = "sdbc:odbc:" + dsn
    query = ds.QueryDefinitions.createInstance()
    query.Command = sql
    query.EscapeProcessing = False
    ds.QueryDefinitions.insertByName(query_name, query)
    ds.DatabaseDocument.storeAsURL(url(odb_path), ())
    name = "gpuadv"
    if dbctx.hasRegisteredDatabase(name):
        dbctx.revokeDatabaseLocation(name)
    dbctx.registerDatabaseLocation(name, url(odb_path))
    return name


def import_into_calc(ctx, source_name, query_name):
    """A new hidden Calc document whose first sheet holds the query's
    result, column names in row 1: Calc's database import of a Base query."""
    smgr = ctx.ServiceManager
    desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    doc = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0,
                                       (prop("Hidden", True),))
    sheet = doc.Sheets.getByIndex(0)
    sheet.Name = "gpuadv"
    descriptor = (
        prop("DatabaseName", source_name),
        prop("SourceType", uno.Enum("com.sun.star.sheet.DataImportMode",
                                    "QUERY")),
        prop("SourceObject", query_name),
    )
    sheet.getCellRangeByName("A1").doImport(descriptor)
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    rows = cursor.RangeAddress.EndRow  # header row not counted
    return doc, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dsn", default="gpuadv",
                    help="ODBC data source name (in ODBCINI or ~/.odbc.ini)")
    ap.add_argument("--sql", required=True, help="the query (SQLite SQL)")
    ap.add_argument("--query-name", default="gpuadv_query",
                    help="name of the query in the Base file")
    ap.add_argument("--out", required=True, help="the .ods file to write")
    ap.add_argument("--csv", help="also write the sheet as this CSV file")
    ap.add_argument("--odb", help="the Base file to write (default: next to "
                    "--out, same name, .odb)")
    ap.add_argument("--soffice", default=shutil.which("soffice") or "soffice")
    ap.add_argument("--timeout", type=int, default=90,
                    help="seconds to wait for soffice to start")
    opts = ap.parse_args()
    odb = opts.odb or os.path.splitext(opts.out)[0] + ".odb"
    for f in (opts.out, odb, opts.csv):
        if f:
            os.makedirs(os.path.dirname(os.path.abspath(f)), exist_ok=True)

    profile = tempfile.mkdtemp(prefix="gpuadv-lo-")
    pipe = "gpuadv_%d" % os.getpid()
    proc = start_office(opts.soffice, profile, pipe)
    desktop = None
    try:
        ctx = connect(pipe, proc, opts.timeout)
        desktop = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", ctx)
        name = make_base(ctx, opts.dsn, odb, opts.query_name, opts.sql)
        doc, rows = import_into_calc(ctx, name, opts.query_name)
        doc.storeToURL(url(opts.out), (prop("FilterName", "calc8"),))
        if opts.csv:
            # 44 = ',', 34 = '"', 76 = UTF-8, first line 1
            doc.storeToURL(url(opts.csv), (
                prop("FilterName", "Text - txt - csv (StarCalc)"),
                prop("FilterOptions", "44,34,76,1")))
        doc.close(True)
        print("%d rows -> %s" % (rows, opts.out))
        return 0 if rows > 0 else 1
    finally:
        if desktop is not None:
            try:
                desktop.terminate()
            except Exception:  # the bridge goes down with soffice
                pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
