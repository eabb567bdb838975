#!/bin/sh
# A DRAT checker that starts (it answers --version) and accepts no proof.
case "$1" in --version) echo "rejecting-checker 1"; exit 0 ;; esac
echo "s NOT VERIFIED"
exit 1
