package io.loadsmith.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Counts the SQL statements a piece of code prepares and the rows it reads, whoever runs them
 * (Hibernate or JDBC), on the calling thread only: the application's DataSource is wrapped so
 * that every connection, statement and result set it hands out during a count reports here.
 */
@TestConfiguration(proxyBeanMethods = false)
public class CountedStatements {

    /** What one {@link #count} saw. */
    public record Counts(long statements, long rows) {
    }

    private static final ThreadLocal<long[]> COUNTING = new ThreadLocal<>();

    /** Runs {@code work} and gives what it returned with the statements and rows it took. */
    public static <T> Counted<T> count(Supplier<T> work) {
        long[] counts = new long[2];
        COUNTING.set(counts);
        try {
            T result = work.get();
            return new Counted<>(result, new Counts(counts[0], counts[1]));
        } finally {
            COUNTING.remove();
        }
    }

    public record Counted<T>(T result, Counts counts) {
    }

    @Bean
    static BeanPostProcessor countingDataSource() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                return bean instanceof DataSource ds ? wrap(ds, DataSource.class) : bean;
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> T wrap(T target, Class<T> type) {
        return (T) Proxy.newProxyInstance(CountedStatements.class.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> {
                    Object result = invoke(target, method, args);
                    long[] counts = COUNTING.get();
                    String name = method.getName();
                    if (counts != null && type == ResultSet.class && name.equals("next") && Boolean.TRUE.equals(result)) {
                        counts[1]++;
                    }
                    if (counts != null && type == Connection.class && (name.equals("prepareStatement")
                            || name.equals("prepareCall") || name.equals("createStatement"))) {
                        counts[0]++;
                    }
                    // Outside a count the DataSource hands out its own connections: nothing else is slowed.
                    return counts == null ? result : wrapped(result);
                });
    }

    private static Object wrapped(Object result) {
        if (result instanceof Connection c) {
            return wrap(c, Connection.class);
        }
        if (result instanceof java.sql.PreparedStatement s) {
            return wrap(s, java.sql.PreparedStatement.class);
        }
        if (result instanceof Statement s) {
            return wrap(s, Statement.class);
        }
        if (result instanceof ResultSet rs) {
            return wrap(rs, ResultSet.class);
        }
        return result;
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
