# Sourced (POSIX sh) by ./mvnw and the other scripts: makes JAVA_HOME point at a JDK 21 or newer.
# Assay targets Java 21 (virtual threads); machines here default to JDK 17, with newer JDKs
# installed beside it under /usr/lib/jvm. Set ASSAY_JDK_QUIET=1 to silence the one-line notice.

assay_java_major() {
  # prints the major version of the java binary given as $1, or nothing. A JDK's release file says
  # it without starting a JVM (a few tenths of a second each, on every bin/assay); the JVM is asked
  # only when there is none (a java that is a symlink elsewhere, a JDK without the file). Read with
  # the shell's own read and expansions: bin/assay calls this for every JDK it looks at, and each
  # sed or dirname was a process.
  _assay_release=${1%/*}; _assay_release="${_assay_release%/*}/release"
  if [ -r "$_assay_release" ]; then
    while IFS= read -r _assay_line || [ -n "$_assay_line" ]; do
      case $_assay_line in
        JAVA_VERSION=\"[0-9]*)
          _assay_rv=${_assay_line#JAVA_VERSION=\"}
          echo "${_assay_rv%%[!0-9]*}"
          return 0
          ;;
      esac
    done <"$_assay_release"
  fi
  "$1" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

assay_select_jdk() {
  _assay_min=21
  if [ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    _assay_v=$(assay_java_major "$JAVA_HOME/bin/java")
    if [ -n "$_assay_v" ] && [ "$_assay_v" -ge "$_assay_min" ]; then
      [ -n "${ASSAY_JDK_QUIET-}" ] || echo "assay: using JDK $_assay_v from JAVA_HOME=$JAVA_HOME" >&2
      return 0
    fi
  fi
  if command -v javac >/dev/null 2>&1; then
    _assay_javac=$(command -v javac)
    _assay_home=$(readlink -f "$_assay_javac"); _assay_home=${_assay_home%/*}; _assay_home=${_assay_home%/*}
    _assay_v=$(assay_java_major "$_assay_home/bin/java")
    if [ -n "$_assay_v" ] && [ "$_assay_v" -ge "$_assay_min" ]; then
      JAVA_HOME=$_assay_home; export JAVA_HOME
      [ -n "${ASSAY_JDK_QUIET-}" ] || echo "assay: using JDK $_assay_v at $JAVA_HOME (default java)" >&2
      return 0
    fi
  fi
  # The default is older: take the newest 21+ JDK we can find.
  _assay_best=""; _assay_best_v=0
  for _assay_dir in ${ASSAY_JDK_SEARCH_PATH:-/usr/lib/jvm/* /opt/java/* /opt/jdk*}; do
    [ -x "$_assay_dir/bin/javac" ] || continue
    _assay_v=$(assay_java_major "$_assay_dir/bin/java")
    [ -n "$_assay_v" ] || continue
    if [ "$_assay_v" -ge "$_assay_min" ] && [ "$_assay_v" -gt "$_assay_best_v" ]; then
      _assay_best=$_assay_dir; _assay_best_v=$_assay_v
    fi
  done
  if [ -z "$_assay_best" ]; then
    echo "assay: no JDK $_assay_min or newer found (default java is older; searched /usr/lib/jvm, /opt). Install one or set JAVA_HOME." >&2
    return 1
  fi
  JAVA_HOME=$_assay_best; export JAVA_HOME
  PATH="$JAVA_HOME/bin:$PATH"; export PATH
  [ -n "${ASSAY_JDK_QUIET-}" ] || echo "assay: default java is older than $_assay_min; using JDK $_assay_best_v at $JAVA_HOME" >&2
}

assay_cli_aot_key() {
  # prints the key of the CLI's AOT cache for checkout $1 and JDK $2 (docs/development.md, "AOT caches"): a
  # checksum of the JDK's release file and path, the CLI jar's and the project's own jars' contents, and the
  # names of the other jars (their versions). A rebuilt CLI or another JDK has another key, so no stale cache.
  # The options every JVM picks up from the environment too: the JVM refuses a cache recorded without the JFR
  # recording JDK_JAVA_OPTIONS may ask for (and one recorded with it, without), so each set has its own cache.
  { cat "$2/release" 2>/dev/null; echo "$2"; echo "${JDK_JAVA_OPTIONS-}|${JAVA_TOOL_OPTIONS-}"
    cd "$1/cli/target" 2>/dev/null && { cksum assay-cli.jar lib/assay-*.jar; ls lib; }; } 2>/dev/null |
    cksum | cut -d' ' -f1
}
