#!/bin/sh
# Never answers. The `sleep` is a grandchild of snakesat that inherits the output pipes,
# so killing only this shell would leave the pipes open.
echo "c thinking"
sleep 300
echo "s UNKNOWN"
