package dev.assay.common.run;

import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The run config's {@code cache} setting as users write it (docs/cache.md). */
class CacheModeTest {

    @Test
    void readsEveryModeAndYamlsUnquotedOff() throws Exception {
        assertThat(Json.yaml().readValue("cache: read_only", RunConfig.class).cache()).isEqualTo(CacheMode.READ_ONLY);
        assertThat(Json.yaml().readValue("cache: read_write", RunConfig.class).cache()).isEqualTo(CacheMode.READ_WRITE);
        // YAML reads an unquoted off as false
        assertThat(Json.yaml().readValue("cache: off", RunConfig.class).cache()).isEqualTo(CacheMode.OFF);
        assertThat(Json.yaml().readValue("cache: 'off'", RunConfig.class).cache()).isEqualTo(CacheMode.OFF);
        assertThat(Json.yaml().readValue("name: x", RunConfig.class).effectiveCache()).isEqualTo(CacheMode.READ_WRITE);
    }

    @Test
    void anUnknownModeNamesTheValidOnes() {
        assertThatThrownBy(() -> Json.yaml().readValue("cache: sometimes", RunConfig.class))
                .hasMessageContaining("sometimes").hasMessageContaining("read_write");
    }
}
