#!/bin/sh
# Crashes: dies by SIGSEGV after reading nothing.
kill -SEGV $$
