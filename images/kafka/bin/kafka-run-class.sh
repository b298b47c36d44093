#!/bin/sh
# Runs a Kafka main class on the image's jars, like the distribution's script of the same name.
# The tools (topics, the health check's api-versions) start small and fast by default; the
# broker passes its own options (run-broker.sh). slf4j-simple logs to stderr at KAFKA_LOG_LEVEL.
# shellcheck disable=SC2086 # the options are word lists
exec java ${KAFKA_JVM_OPTS:--Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC} \
  -Dorg.slf4j.simpleLogger.defaultLogLevel="${KAFKA_LOG_LEVEL:-warn}" \
  -cp '/opt/kafka/libs/*' "$@"
