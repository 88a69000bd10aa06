#!/bin/sh
# Install GPU Advisor for the current user (no root needed).
#
#   ./install.sh               install or update into ~/.local
#   ./install.sh --uninstall   remove it again
#   PREFIX=/some/where ./install.sh   install under another prefix
#
# Run it from the unpacked bundle (the folder holding the `gpu-advisor`
# executable). It copies the bundle to $PREFIX/lib/gpu-advisor, links
# $PREFIX/bin/gpu-advisor, and registers the desktop entry, the AppStream
# metainfo, the application/x-gpuplan MIME type (*.gpuplan files) and the
# icons, so that double-clicking a plan opens it in GPU Advisor.
set -eu

APP_ID=io.github.gpu_advisor.GpuAdvisor
MIME_TYPE=application/x-gpuplan
PREFIX=${PREFIX:-"$HOME/.local"}
LIB_DIR="$PREFIX/lib/gpu-advisor"
BIN_DIR="$PREFIX/bin"
DATA_DIR="$PREFIX/share"
HERE=$(cd "$(dirname "$0")" && pwd)

have() { command -v "$1" >/dev/null 2>&1; }

refresh_caches() {
    if have update-mime-database && [ -d "$DATA_DIR/mime/packages" ]; then
        update-mime-database "$DATA_DIR/mime" || true
    fi
    if have update-desktop-database && [ -d "$DATA_DIR/applications" ]; then
        update-desktop-database -q "$DATA_DIR/applications" || true
    fi
    if have gtk-update-icon-cache && [ -f "$DATA_DIR/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$DATA_DIR/icons/hicolor" || true
    fi
}

icon_files() {
    # Icon paths relative to share/icons/hicolor, as shipped in the bundle.
    (cd "$1/share/icons/hicolor" && find . -type f | sed 's|^\./||')
}

do_uninstall() {
    source_dir=$LIB_DIR
    [ -d "$source_dir/share" ] || source_dir=$HERE
    if [ -d "$source_dir/share/icons/hicolor" ]; then
        icon_files "$source_dir" | while IFS= read -r icon; do
            rm -f "$DATA_DIR/icons/hicolor/$icon"
        done
    fi
    rm -f "$DATA_DIR/applications/$APP_ID.desktop" \
        "$DATA_DIR/metainfo/$APP_ID.metainfo.xml" \
        "$DATA_DIR/mime/packages/$APP_ID.xml"
    if [ -L "$BIN_DIR/gpu-advisor" ]; then
        rm -f "$BIN_DIR/gpu-advisor"
    fi
    rm -rf "$LIB_DIR"
    refresh_caches
    echo "GPU Advisor removed from $PREFIX"
}

do_install() {
    if [ ! -x "$HERE/gpu-advisor" ] || [ ! -d "$HERE/share" ]; then
        echo "install.sh: run me from the unpacked gpu-advisor bundle" >&2
        exit 1
    fi
    if [ "$HERE" = "$LIB_DIR" ]; then
        echo "install.sh: already installed in $LIB_DIR" >&2
        exit 1
    fi
    mkdir -p "$PREFIX/lib" "$BIN_DIR" "$DATA_DIR/applications" "$DATA_DIR/metainfo" \
        "$DATA_DIR/mime/packages" "$DATA_DIR/icons/hicolor"

    # Copy next to the old version, then swap, so a failed copy leaves it intact.
    rm -rf "$LIB_DIR.new"
    cp -R "$HERE" "$LIB_DIR.new"
    rm -rf "$LIB_DIR"
    mv "$LIB_DIR.new" "$LIB_DIR"
    ln -sf "$LIB_DIR/gpu-advisor" "$BIN_DIR/gpu-advisor"

    # The desktop entry starts the installed executable by its full path:
    # $PREFIX/bin is not always on the PATH of a graphical session.
    sed -e "s|^Exec=gpu-advisor |Exec=\"$LIB_DIR/gpu-advisor\" |" \
        -e "s|^Exec=gpu-advisor\$|Exec=\"$LIB_DIR/gpu-advisor\"|" \
        "$HERE/share/applications/$APP_ID.desktop" >"$DATA_DIR/applications/$APP_ID.desktop"
    cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DATA_DIR/metainfo/"
    cp "$HERE/share/mime/packages/$APP_ID.xml" "$DATA_DIR/mime/packages/"
    cp -R "$HERE/share/icons/hicolor/." "$DATA_DIR/icons/hicolor/"
    refresh_caches
    if have xdg-mime; then
        xdg-mime default "$APP_ID.desktop" "$MIME_TYPE" || true
    fi
    echo "GPU Advisor installed in $LIB_DIR"
    echo "Start it from the applications menu, or run: $BIN_DIR/gpu-advisor"
}

case "${1:-}" in
    "") do_install ;;
    --uninstall) do_uninstall ;;
    -h | --help) sed -n '2,12p' "$0" ;;
    *)
        echo "usage: $0 [--uninstall]" >&2
        exit 2
        ;;
esac
