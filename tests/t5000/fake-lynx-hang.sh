#!/bin/sh
# A Lynx that never finishes.
exec sleep 60
