#!/usr/bin/python3
"""Sizes of the page's files, raw and gzip-compressed.

    web/sizes.py DIR

One line per file (`NAME RAW GZIP`, bytes), then `total RAW GZIP`; exits 1
when the compressed total is over the 8 MB (8 * 2**20 bytes) budget.
"""
import gzip
import os
import sys

LIMIT = 8 * 2**20


def main():
    root = sys.argv[1]
    total_raw = total_gz = 0
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        gz = len(gzip.compress(data, 9))
        total_raw += len(data)
        total_gz += gz
        print("%-16s %9d %9d" % (name, len(data), gz))
    print("%-16s %9d %9d (gzip budget %d)" % ("total", total_raw, total_gz,
                                               LIMIT))
    return 0 if total_gz <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
