#!/bin/sh
# Prints comment lines without end.
exec yes "c chatter chatter chatter chatter chatter chatter chatter chatter chatter"
