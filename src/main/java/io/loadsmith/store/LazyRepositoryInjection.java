package io.loadsmith.store;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.DependencyDescriptor;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.ContextAnnotationAutowireCandidateResolver;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.stereotype.Component;

/**
 * Deferred repositories under AOT as without it (issue 18.2). With
 * {@code spring.data.jpa.repositories.bootstrap-mode=deferred} Hibernate boots on a background thread
 * while the rest of the context starts, because Spring Data's registrar hands every bean a lazy proxy
 * for a repository. In an AOT-processed start ({@code -Dspring.aot.enabled=true}, the one docs/operations.md
 * recommends) that registrar does not run: the repositories' definitions stay lazy, but the first bean
 * that takes one (the login's user details service) created it and waited on the main thread until
 * Hibernate was done, about a third of the start. This installs the same lazy injection where it is
 * missing, for the lazy repository definitions only, and, as deferred mode does, creates the
 * repositories once the context is refreshed, so that a repository that cannot be built still fails
 * the start. Where Spring Data's own resolver is in place (a start without AOT, the tests) it does
 * nothing.
 */
@Component
final class LazyRepositoryInjection implements BeanFactoryPostProcessor {

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        if (!(beanFactory instanceof DefaultListableBeanFactory factory)
                || factory.getAutowireCandidateResolver().getClass() != ContextAnnotationAutowireCandidateResolver.class) {
            return;
        }
        Set<Class<?>> lazy = Stream.of(factory.getBeanDefinitionNames())
                .map(factory::getMergedBeanDefinition)
                .filter(BeanDefinition::isLazyInit)
                .map(LazyRepositoryInjection::repositoryInterface)
                .filter(type -> type != null)
                .collect(Collectors.toUnmodifiableSet());
        if (lazy.isEmpty()) {
            return;
        }
        factory.setAutowireCandidateResolver(new ContextAnnotationAutowireCandidateResolver() {
            @Override
            protected boolean isLazy(DependencyDescriptor descriptor) {
                return lazy.contains(descriptor.getDependencyType()) || super.isLazy(descriptor);
            }
        });
        factory.registerSingleton(LazyRepositoryInjection.class.getName() + ".refreshed",
                (ApplicationListener<ContextRefreshedEvent>) event -> factory.getBeansOfType(Repository.class));
    }

    /** The repository interface a repository factory bean's definition makes, or null for any other bean. */
    private static Class<?> repositoryInterface(BeanDefinition definition) {
        if (!(definition instanceof RootBeanDefinition root)
                || !RepositoryFactoryBeanSupport.class.isAssignableFrom(root.getResolvableType().toClass())) {
            return null;
        }
        return root.getResolvableType().as(RepositoryFactoryBeanSupport.class).getGeneric(0).resolve();
    }
}
