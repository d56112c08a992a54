#!/usr/bin/env sh
# Regenerates the demo gateway's video fixtures in resources/sim-video/.
#
# The simulator cannot assume ffmpeg on users' or CI machines, so the clips are made once
# here and committed. One 1-second clip per output size any video variant of the gateway
# interface can produce; the simulator serves the clip whose size matches the request.
# Each clip: H.264 (constrained baseline, yuv420p, faststart) so every browser plays it,
# 10 fps, a yellow box sliding across a blue field (moves, so a player visibly plays it,
# yet compresses to a few KB), to keep the whole set small (< 300 KB).
#
# Usage: sh scripts/make-sim-videos.sh   (needs ffmpeg with libx264)
set -eu

out_dir="$(dirname "$0")/../resources/sim-video"
mkdir -p "$out_dir"

for size in 1280x720 720x1280 1920x1080 1080x1920 720x720 1080x1080; do
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=0x2f4f7f:size=${size}:rate=10:duration=1,drawbox=x='t*(iw-iw/8)':y=ih/3:w=iw/8:h=ih/3:color=0xf0c040:t=fill" \
    -c:v libx264 -profile:v baseline -level 4.0 -pix_fmt yuv420p \
    -preset veryslow -crf 40 -g 10 \
    -movflags +faststart -an \
    "$out_dir/${size}.mp4"
done

ls -l "$out_dir"
