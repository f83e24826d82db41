#!/bin/sh
# A Lynx that fails with status 3.
echo "lynx: something went wrong" >&2
exit 3
