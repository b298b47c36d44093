package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

/** A frozen server hangs its clients instead of refusing them, and answers them all after the thaw. */
class PostgresFreezeTest {

    /** How long a query is watched for not completing while the server is frozen. */
    private static final Duration HELD = Duration.ofSeconds(2);

    @Test
    void aFrozenServerHangsOpenAndNewConnectionsAndAnswersThemAfterTheThaw() throws Exception {
        try (Connection open = PostgresResource.dataSource().getConnection()) {
            List<Long> frozen = PostgresFreeze.freeze();
            CompletableFuture<Integer> onOpen;
            CompletableFuture<Integer> onNew;
            try {
                assertThat(frozen).as("the postmaster and the processes under it").hasSizeGreaterThan(1)
                        .allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());
                onOpen = CompletableFuture.supplyAsync(() -> selectOne(open));
                onNew = CompletableFuture.supplyAsync(() -> {
                    try (Connection fresh = PostgresResource.dataSource().getConnection()) {
                        return selectOne(fresh);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThatThrownBy(() -> onOpen.get(HELD.toMillis(), TimeUnit.MILLISECONDS))
                        .as("a query on an open connection hangs, not fails").isInstanceOf(TimeoutException.class);
                assertThat(onNew).as("a new connection hangs, not refused").isNotDone();
            } finally {
                PostgresFreeze.thaw();
            }
            assertThat(onOpen.get(60, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(onNew.get(60, TimeUnit.SECONDS)).isEqualTo(1);
        }
    }

    private static int selectOne(Connection connection) {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery("SELECT 1")) {
            row.next();
            return row.getInt(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
