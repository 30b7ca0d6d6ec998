-- Payments Due filler for a migrated, otherwise empty PostgreSQL database (set-based, ~1 min):
--   psql -v today=2026-11-24 -f bench/due-seed.sql postgres://…/due_bench
-- 50 agents, 20,000 customers (400 per agent), 20,000 approved loans of 100 daily EMIs whose start
-- dates spread over the 100 days before :today, so every loan has an EMI on :today (20,000 due rows,
-- the worst day) and 2,000,000 EMIs in all; earlier EMIs mostly paid, some bounced with a late charge.
\set ON_ERROR_STOP on
begin;
insert into roles (name, description, is_system_role) values ('agent', 'bench', true), ('user', 'bench', true)
  on conflict do nothing;
insert into users (name, email, mobile, password_hash, role_id)
select 'Agent ' || g, 'agent' || g || '@bench.test', '80000' || lpad(g::text, 5, '0'), 'x',
  (select id from roles where name = 'agent')
from generate_series(1, 50) g;
insert into users (name, email, mobile, password_hash, role_id, agent_id)
select (array['Asha','Ravi','Zoya','Imran','Meena','Kiran','Sunil','Priya','Arjun','Farah'])[1 + g % 10]
    || ' ' || (array['Verma','Khan','Rao','Das','Iyer','Patel','Singh','Nair'])[1 + (g / 10) % 8] || ' ' || g,
  'customer' || g || '@bench.test', '9' || lpad(g::text, 9, '0'), 'x',
  (select id from roles where name = 'user'),
  (select min(id) from users where email like 'agent%@bench.test') + g % 50
from generate_series(1, 20000) g;
insert into loans (loan_number, loan_code, customer_id, loan_amount, per_day_emi, total_emi_days,
  total_repayable, interest_amount, start_date, end_date, status)
select nextval('loan_number_seq'), 'LN' || lpad(currval('loan_number_seq')::text, 6, '0'), u.id,
  1000000, 12000, 100, 1200000, 200000,
  :'today'::date - (u.id % 100), :'today'::date - (u.id % 100) + 99, 'approved'
from users u where u.email like 'customer%@bench.test';
insert into emis (loan_id, emi_number, emi_date, amount, late_charge, status, bounce_count, paid_at, payment_date, payment_type)
select l.id, n, l.start_date + n - 1, 12000,
  case when (l.id + n) % 17 = 0 then 5000 else 0 end,
  case when l.start_date + n - 1 >= :'today'::date then 'pending'
       when (l.id + n) % 17 = 0 then 'bounced' else 'paid' end,
  case when (l.id + n) % 17 = 0 and l.start_date + n - 1 < :'today'::date then 1 else 0 end,
  case when l.start_date + n - 1 < :'today'::date and (l.id + n) % 17 <> 0 then (l.start_date + n - 1)::timestamptz end,
  case when l.start_date + n - 1 < :'today'::date and (l.id + n) % 17 <> 0 then l.start_date + n - 1 end,
  case when l.start_date + n - 1 < :'today'::date and (l.id + n) % 17 <> 0 then 'full' end
from loans l cross join generate_series(1, 100) n;
commit;
analyze;
