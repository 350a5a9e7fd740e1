package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.beans.factory.config.DependencyDescriptor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ContextAnnotationAutowireCandidateResolver;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/**
 * A context set up as an AOT-processed start sets it up (a plain annotation resolver, the
 * repository's definition lazy, no Spring Data registrar): a bean that takes a repository gets it
 * without building it, and the repository is built when the context is refreshed.
 */
class LazyRepositoryInjectionTest {

    interface Names extends Repository<Object, Long> {
        String first();
    }

    /** Counts what a real repository factory bean would do at creation: wait for the JPA metamodel. */
    static class NamesFactory<T extends Repository<S, ID>, S, ID> extends RepositoryFactoryBeanSupport<T, S, ID> {
        static final AtomicInteger BUILT = new AtomicInteger();

        NamesFactory(Class<? extends T> type) {
            super(type);
            BUILT.incrementAndGet();
        }

        @Override
        public void afterPropertiesSet() {
        }

        @Override
        @SuppressWarnings("unchecked")
        public T getObject() {
            return (T) (Names) () -> "stored";
        }

        @Override
        protected RepositoryFactorySupport createRepositoryFactory() {
            throw new UnsupportedOperationException("not used by this test");
        }
    }

    static class Consumer {
        final boolean repositoryBuiltFirst;
        final Names names;

        Consumer(Names names) {
            this.repositoryBuiltFirst = NamesFactory.BUILT.get() > 0;
            this.names = names;
        }
    }

    @BeforeEach
    void reset() {
        NamesFactory.BUILT.set(0);
    }

    @Test
    void aBeanGetsTheRepositoryWithoutWaitingAndTheRefreshBuildsIt() {
        try (GenericApplicationContext context = aotLikeContext(true)) {
            Consumer consumer = context.getBean(Consumer.class);

            assertThat(consumer.repositoryBuiltFirst).isFalse();
            assertThat(NamesFactory.BUILT).hasValue(1); // by the refresh, as deferred mode does
            assertThat(consumer.names.first()).isEqualTo("stored");
        }
    }

    @Test
    void withoutItTheFirstBeanThatTakesARepositoryBuildsItOnTheSpot() {
        try (GenericApplicationContext context = aotLikeContext(false)) {
            assertThat(context.getBean(Consumer.class).repositoryBuiltFirst).isTrue();
        }
    }

    @Test
    void springDatasOwnResolverIsLeftAsItIs() {
        ContextAnnotationAutowireCandidateResolver own = new ContextAnnotationAutowireCandidateResolver() {
            @Override
            protected boolean isLazy(DependencyDescriptor descriptor) {
                return super.isLazy(descriptor);
            }
        };
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.getDefaultListableBeanFactory().setAutowireCandidateResolver(own);
            context.registerBeanDefinition("names", namesDefinition());
            context.registerBean(LazyRepositoryInjection.class);
            context.refresh();

            assertThat(context.getDefaultListableBeanFactory().getAutowireCandidateResolver()).isSameAs(own);
            assertThat(NamesFactory.BUILT).hasValue(0); // lazy, and no refresh listener of ours
        }
    }

    private static GenericApplicationContext aotLikeContext(boolean withLazyInjection) {
        GenericApplicationContext context = new GenericApplicationContext();
        // What the AOT-generated initializer sets before it registers the definitions.
        context.getDefaultListableBeanFactory().setAutowireCandidateResolver(new ContextAnnotationAutowireCandidateResolver());
        context.registerBeanDefinition("names", namesDefinition());
        RootBeanDefinition consumer = new RootBeanDefinition(Consumer.class);
        consumer.setAutowireMode(AutowireCapableBeanFactory.AUTOWIRE_CONSTRUCTOR);
        context.registerBeanDefinition("consumer", consumer);
        if (withLazyInjection) {
            context.registerBean(LazyRepositoryInjection.class);
        }
        context.refresh();
        return context;
    }

    /** As AOT writes a repository's definition: the factory bean's type with its generics, lazy. */
    private static RootBeanDefinition namesDefinition() {
        RootBeanDefinition definition = new RootBeanDefinition(NamesFactory.class);
        definition.setTargetType(ResolvableType.forClassWithGenerics(NamesFactory.class, Names.class, Object.class, Long.class));
        definition.getConstructorArgumentValues().addIndexedArgumentValue(0, Names.class);
        definition.setLazyInit(true);
        return definition;
    }
}
