#!/bin/sh
# apache/kafka's environment convention: every KAFKA_* variable but the launcher's own becomes a
# server property (KAFKA_LOG_DIRS -> log.dirs; ___ -> -, __ -> _). CLUSTER_ID formats the log
# directory on first start; a formatted one is kept.
set -eu
: "${CLUSTER_ID:?CLUSTER_ID is not set: the KRaft cluster id, e.g. from kafka-storage random-uuid}"
props=/opt/kafka/config/server.properties
: > "$props"
env | sort | while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS|KAFKA_OPTS|KAFKA_JVM_OPTS|KAFKA_LOG_LEVEL|KAFKA_VERSION) continue ;;
    KAFKA_*) ;;
    *) continue ;;
  esac
  key=$(printf '%s' "${name#KAFKA_}" | sed -e 's/___/-/g' -e 's/__/@/g' -e 's/_/./g' -e 's/@/_/g' | tr 'A-Z' 'a-z')
  printf '%s=%s\n' "$key" "$value" >> "$props"
done
/opt/kafka/bin/kafka-run-class.sh kafka.tools.StorageTool format --ignore-formatted \
  --cluster-id "$CLUSTER_ID" --config "$props"
export KAFKA_JVM_OPTS="${KAFKA_HEAP_OPTS:--Xmx512m} ${KAFKA_OPTS:-}" KAFKA_LOG_LEVEL=info
exec /opt/kafka/bin/kafka-run-class.sh kafka.Kafka "$props"
