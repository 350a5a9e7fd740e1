package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which statements Hibernate prepares count as a change to loads and entities (ModelRevision). */
class ModelRevisionStatementsTest {

    @Test
    void writesToTheTablesAStoredLoadIsReadFromAreChanges() {
        assertThat(ModelRevision.writesALoad("insert into entity_load (description,load_type,name) values (?,?,?)")).isTrue();
        assertThat(ModelRevision.writesALoad("update dw_entity set deleted_at = null, row_version = row_version + 1 where id = ?")).isTrue();
        assertThat(ModelRevision.writesALoad("delete from load_step where load_id=?")).isTrue();
        assertThat(ModelRevision.writesALoad("  \n  INSERT INTO \"dw_attribute\" (entity_id) values (?)")).isTrue();
        assertThat(ModelRevision.writesALoad("update entity_type set name=? where id=? and row_version=?")).isTrue();
        assertThat(ModelRevision.writesALoad("delete from load_mapping_source where load_id=?")).isTrue();
    }

    @Test
    void readsAndWritesElsewhereAreNot() {
        assertThat(ModelRevision.writesALoad("select l.id from entity_load l where l.id=?")).isFalse();
        assertThat(ModelRevision.writesALoad("insert into audit_event (kind) values (?)")).isFalse();
        assertThat(ModelRevision.writesALoad("update api_token set last_used_at=? where id=?")).isFalse();
        assertThat(ModelRevision.writesALoad("update load_template set name=? where id=?")).isFalse();
        assertThat(ModelRevision.writesALoad("insert into load_preset_step (preset_id) values (?)")).isFalse();
        assertThat(ModelRevision.writesALoad("delete from dw_entity_archive where id=?")).isFalse();
        assertThat(ModelRevision.writesALoad("")).isFalse();
    }
}
