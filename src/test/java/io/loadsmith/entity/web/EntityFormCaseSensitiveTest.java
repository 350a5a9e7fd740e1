package io.loadsmith.entity.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.PhysicalType;

/** Saving the entity page keeps the case-sensitive flags it was shown with (and does not add any). */
class EntityFormCaseSensitiveTest {

    @Test
    void theFlagsSurviveAPageRoundTrip() {
        EntityResponse shown = new EntityResponse(7, 1, "CustomerSrc", "Customer", "stage", "stage.CustomerSrc", null,
                PhysicalType.TABLE, null, null, null,
                List.of(new AttributeJson("userId", "INTEGER4", null, null, null, true, null, null, null, true),
                        new AttributeJson("region", "VARCHAR", 10, null, null, true, null, null)),
                Instant.EPOCH, Instant.EPOCH, true);
        EntityRequest saved = EntityForm.of(shown).toRequest();
        assertThat(saved.caseSensitive()).isTrue();
        assertThat(saved.attributes()).extracting(AttributeJson::caseSensitive).containsExactly(true, false);
    }
}
