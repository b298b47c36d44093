#!/bin/sh
# The launcher the services' Dockerfile.jvm expects at /opt/jboss/container/java/run/run-java.sh
# (the Red Hat OpenJDK runtime image's path), for the local base image that bin/check-images
# builds: the same variables, a small subset of the original's behaviour.
#   JAVA_APP_JAR        the jar to run (required)
#   JAVA_MAX_MEM_RATIO  heap as a percentage of the container's memory limit (default 80; the
#                       JVM reads the cgroup limit itself)
#   JAVA_OPTS           replaces the default options; JAVA_OPTS_APPEND is appended to them
set -eu
: "${JAVA_APP_JAR:?JAVA_APP_JAR is not set: the image must name the jar to run}"
ratio=${JAVA_MAX_MEM_RATIO:-80}
opts=${JAVA_OPTS:-"-XX:MaxRAMPercentage=${ratio}.0 -XX:+ExitOnOutOfMemoryError"}
cd "$(dirname "$JAVA_APP_JAR")"
# shellcheck disable=SC2086 # the options are word lists
exec java $opts ${JAVA_OPTS_APPEND:-} -jar "$JAVA_APP_JAR" "$@"
