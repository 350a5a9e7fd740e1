-- Events that only one account (and ADMINs) may read: API token events belong to the token's
-- owner. restricted_to holds that account's name; null means every signed-in person may read the
-- event. Earlier token events get their token's owner, or '' (ADMINs only) if the token is gone.
alter table audit_event add column restricted_to varchar(128);

update audit_event
set restricted_to = coalesce((select a.username from api_token t join account a on a.id = t.account_id
                              where t.id = audit_event.object_id), '')
where object_kind = 'API_TOKEN';

-- Token events never carry any part of a secret: earlier ones kept the token's prefix (lsm_ and
-- six characters of the secret) in their before and after JSON. One prefix per JSON text, so
-- replacing the first match (PostgreSQL's default) removes it on both stores.
update audit_event
set before_json = regexp_replace(before_json, ',"prefix":"[^"]*"', ''),
    after_json = regexp_replace(after_json, ',"prefix":"[^"]*"', '')
where object_kind = 'API_TOKEN';

-- Entity names clash ignoring case (publish.d_vessel and PUBLISH.D_VESSEL). Every save checks it;
-- compared as lower(schema_name) = ... and lower(name) = ... the check read every entity, so an
-- import of n entities read n * n rows. The lower-case key, kept by the application and indexed,
-- makes it one index probe on both stores (H2 has no index on expressions).
alter table dw_entity add column name_key varchar(257);
update dw_entity set name_key = lower(schema_name) || '.' || lower(name);
create index ix_dw_entity_name_key on dw_entity (name_key);
