#!/bin/sh
# An exit code outside 0/10/20.
exit 3
