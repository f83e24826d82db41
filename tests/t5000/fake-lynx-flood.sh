#!/bin/sh
# A Lynx that prints without end.
exec yes "flood flood flood flood flood flood flood flood flood flood flood"
