#!/bin/sh
# A Lynx that dies of a signal after printing a little.
echo "partial output"
kill -SEGV $$
