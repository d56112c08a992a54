#!/usr/bin/env bash
# Draws the app and tray icons in resources/ with ImageMagick (run once; the results are committed).
# electron-builder makes the .icns and .ico files from resources/icon.png at packaging.
set -euo pipefail
cd "$(dirname "$0")/../resources"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The app icon: a rounded square in a violet-to-coral gradient, a white "A" and a yellow sun.
convert -size 1024x1024 xc: -sparse-color Barycentric '0,0 #6d4aff 1023,1023 #ff7a59' "$work/bg.png"
convert -size 1024x1024 xc:none -fill white -draw "roundrectangle 64,64 960,960 200,200" "$work/mask.png"
convert "$work/bg.png" "$work/mask.png" -compose DstIn -composite "$work/base.png"
convert "$work/base.png" -fill none -stroke white -strokewidth 84 \
  -draw "stroke-linecap round stroke-linejoin round polyline 300,780 512,250 724,780" \
  -draw "stroke-linecap round line 384,600 640,600" \
  -fill '#ffd166' -stroke none -draw "circle 740,300 740,370" -depth 8 icon.png

# Tray: the app icon, small (Linux, Windows); a black template image for the macOS menu bar.
convert icon.png -resize 32x32 -depth 8 tray.png
# What a dragged result shows when it has no thumbnail the system can read.
convert icon.png -resize 64x64 -depth 8 drag-icon.png
for size in 16 32; do
  suffix=$([ "$size" = 32 ] && echo '@2x' || echo '')
  convert -size 1024x1024 xc:none -fill none -stroke black -strokewidth 110 \
    -draw "stroke-linecap round stroke-linejoin round polyline 250,900 512,140 774,900" \
    -draw "stroke-linecap round line 360,640 664,640" -resize "${size}x${size}" -depth 8 "trayTemplate${suffix}.png"
done
