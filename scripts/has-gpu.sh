#!/usr/bin/env bash
# Exit 0 when an NVIDIA GPU and its driver are usable here.
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU'
