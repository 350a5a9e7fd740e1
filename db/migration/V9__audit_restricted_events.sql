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
