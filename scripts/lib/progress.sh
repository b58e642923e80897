# with_progress LABEL COMMAND...: runs COMMAND (a function too) and shows that it is alive, so a first run that
# installs and builds for minutes never looks hung: a ticking line on a terminal, a line every 30 s otherwise.
with_progress() {
  local label=$1 start=$SECONDS ticks=0 pid
  shift
  echo "== ${label}"
  "$@" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    ticks=$((ticks + 1))
    if [ -t 1 ]; then
      printf '\r   %s: %d s ' "$label" "$((SECONDS - start))"
    elif [ $((ticks % 30)) -eq 0 ]; then
      echo "   ${label}: still working, $((SECONDS - start)) s"
    fi
  done
  if [ -t 1 ]; then printf '\r\033[K'; fi
  # wait hands back the command's exit status, so `set -e` stops the script on a failure.
  wait "$pid"
  echo "   ${label}: done in $((SECONDS - start)) s"
}
