-- User names are compared ignoring case (issue 11): 'ADMIN' and 'admin' are one account. The name is
-- kept as it was typed for display; username_key (its lower case) is what sign-in, creation and the
-- unique constraint compare. Portable between H2 2.x and PostgreSQL 17.
alter table account add column username_key varchar(100);
update account set username_key = lower(username);

-- A store may already hold names that differ only by case. The oldest account (lowest id) keeps the
-- name; every later one is disabled, so it cannot sign in and its tokens stop, and keyed apart with
-- '#' and its id (a character no user name may contain), so an ADMIN still sees it under Users.
-- Its open sessions end with it.
delete from spring_session where principal_name in (
    select a.username from account a
    where exists (select 1 from account older where lower(older.username) = lower(a.username) and older.id < a.id));
update account set enabled = false, username_key = username_key || '#' || cast(id as varchar(20))
where exists (select 1 from account older where lower(older.username) = lower(account.username) and older.id < account.id);

alter table account alter column username_key set not null;
alter table account add constraint uq_account_username_key unique (username_key);
