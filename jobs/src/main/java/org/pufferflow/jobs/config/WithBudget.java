package org.pufferflow.jobs.config;

import org.pufferflow.operators.spec.LedgerSpec;

/** A mechanism section as read: its spec and its budget. */
record WithBudget<S>(S spec, LedgerSpec budget) {}
