-- An entity's own full-refresh safety policy (seed 004): deny, require_confirmation or allow; NULL
-- means the project's setting (loadsmith.full-refresh.*). It can only make the policy stricter.
alter table dw_entity add column full_refresh_policy varchar(32);
alter table dw_entity add constraint ck_entity_full_refresh_policy
    check (full_refresh_policy is null or full_refresh_policy in ('deny', 'require_confirmation', 'allow'));
