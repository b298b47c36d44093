package dev.assay.core.llm.openai;

import jakarta.ws.rs.core.MultivaluedHashMap;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterExceptionMapperTest {

    @Test
    void takesRetryAfterWhateverTheCaseOfItsNameAsHttp2SendsItLowerCase() {
        RetryAfterExceptionMapper mapper = new RetryAfterExceptionMapper();
        MultivaluedHashMap<String, Object> lower = new MultivaluedHashMap<>();
        lower.add("retry-after", "2");
        MultivaluedHashMap<String, Object> none = new MultivaluedHashMap<>();
        none.add("content-type", "application/json");

        assertThat(mapper.handles(429, lower)).isTrue();
        assertThat(mapper.handles(503, lower)).isTrue();
        assertThat(mapper.handles(500, lower)).isFalse();
        assertThat(mapper.handles(429, none)).isFalse();
    }
}
