-- API tokens may expire (issue 6): a token used by a pipeline for a quarter need not work forever.
-- Null means it does not expire; existing tokens keep working.
alter table api_token add column expires_at timestamp with time zone;
